"""What a request must show before the server looks at it: a ``Host`` of this server, and a JSON body.

A page of any web site that a local user opens can send requests to a server on
the loopback interface. Two checks keep it out:

- **Content-Type**: a POST to ``/api/...`` must say ``application/json``
  (415 otherwise). A page can send a cross-origin POST without asking the
  server first only as a "simple" request (``text/plain``, a form); with
  ``application/json`` the browser asks first (CORS preflight), and this
  server grants nothing, so the request is never sent.
- **Host**: the ``Host`` header must name the address the server is bound to
  (421 otherwise). A page that makes its own domain name resolve to 127.0.0.1
  (DNS rebinding) is same-origin with the server as far as the browser knows,
  but its requests still carry its own name in ``Host``. For a loopback bind
  the names ``localhost``, ``127.0.0.1`` and ``[::1]`` are accepted, with the
  bound port; for a bind to every interface also any IP address and this
  machine's host name; behind a reverse proxy the names it passes on are
  added with ``sprague serve --allowed-host NAME``.

>>> policy = HostPolicy.for_bind("127.0.0.1", 8000)
>>> policy.allows("localhost:8000"), policy.allows("127.0.0.1:8000"), policy.allows("[::1]:8000")
(True, True, True)
>>> policy.allows("evil.example:8000"), policy.allows("localhost:9999")
(False, False)
>>> HostPolicy.for_bind("127.0.0.1", 8000, ["games.example.org"]).allows("games.example.org")
True
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["HostPolicy", "RequestGuard", "every_interface", "split_host", "LOOPBACK_NAMES"]

#: the names of the loopback interface a Host header may use for a loopback bind
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # an IPv6 zone (fe80::1%eth0) is not part of it
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def every_interface(address: str) -> bool:
    """Whether a bound address (as the socket reports it: ``0.0.0.0``, ``::``) serves every network interface.

    Decided on the address, not its spelling: ``0``, ``0.0.0.0`` and ``0000:0000::0`` all
    come back from the socket as the unspecified address.

    >>> every_interface("0.0.0.0"), every_interface("::"), every_interface("127.0.0.1")
    (True, True, False)
    """
    found = _address(address)
    return found is not None and found.is_unspecified


def split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header (or ``--allowed-host`` value) as (name, port): lower case, IPv6 without brackets.

    None when it is not a host name with an optional port.

    >>> split_host("LocalHost:8000"), split_host("[::1]:80"), split_host("example.org."), split_host("a b")
    (('localhost', 8000), ('::1', 80), ('example.org', None), None)
    """
    text = value.strip().lower()
    port: int | None = None
    if text.startswith("["):  # [v6] or [v6]:port
        end = text.find("]")
        if end < 0:
            return None
        name, rest = text[1:end], text[end + 1 :]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                return None
            port = int(rest[1:])
        if _address(name) is None:
            return None
    else:
        name = text
        if text.count(":") == 1:
            name, _, digits = text.partition(":")
            if not digits.isdigit():
                return None
            port = int(digits)
        elif ":" in text and _address(text) is None:  # a bare IPv6 address is allowed in --allowed-host only
            return None
    name = name.rstrip(".")
    if not name or any(c.isspace() or c in "/?#@\\" for c in name) or (port is not None and port > 65535):
        return None
    return name, port


@dataclass(frozen=True)
class HostPolicy:
    """The ``Host`` headers a server accepts: (name, port) pairs (port None: any), and whether any IP is."""

    names: frozenset[tuple[str, int | None]]
    any_ip: bool = False
    shown: tuple[str, ...] = field(default=(), compare=False)

    @classmethod
    def for_bind(cls, host: str, port: int, extra: Iterable[str] = (), *, named: str | None = None) -> HostPolicy:
        """The policy of a server bound to ``host`` (the address the socket reports) and ``port``.

        ``named`` is the host as the user gave it (``--host myname``), accepted too.
        ``extra`` are the ``--allowed-host`` values: ``NAME`` (any port) or ``NAME:PORT``;
        ``*`` accepts every Host (no check).
        """
        names: set[tuple[str, int | None]] = set()
        shown: list[str] = []
        bound = _address(host)
        given = split_host(named) if named else None
        own = [host.lower(), *([given[0]] if given and given[1] is None else [])]
        any_ip = False
        if bound is not None and (bound.is_loopback or bound.is_unspecified):
            own += LOOPBACK_NAMES
        if bound is not None and bound.is_unspecified:
            any_ip = True
            own += [n.lower() for n in (socket.gethostname(), socket.getfqdn()) if n]
        for name in dict.fromkeys(own):
            names.add((name, port))
            shown.append(f"[{name}]:{port}" if ":" in name else f"{name}:{port}")
        for value in extra:
            if value.strip() == "*":
                return cls(frozenset(), any_ip=True, shown=("*",))
            parsed = split_host(value)
            if parsed is None:
                raise ValueError(value)
            names.add(parsed)
            shown.append(value.strip().lower())
        return cls(frozenset(names), any_ip=any_ip, shown=tuple(shown))

    @property
    def everything(self) -> bool:
        return self.shown == ("*",)

    def allows(self, header: str | None) -> bool:
        """Whether a request with this Host header is for this server (a missing header is not)."""
        if self.everything:
            return True
        if not header:
            return False
        parsed = split_host(header)
        if parsed is None:
            return False
        name, port = parsed
        if self.any_ip and _address(name) is not None:
            return True
        return (
            (name, None) in self.names
            or (name, port) in self.names
            or (port is None and any(n == name for n, _ in self.names))
        )


class RequestGuard:
    """ASGI middleware: refuse a request whose Host is not this server's (421), a POST to /api without JSON (415)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], hosts: HostPolicy | None = None) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers: dict[bytes, bytes] = {}
            for key, value in scope.get("headers", ()):
                headers.setdefault(key.lower(), value)
            if self.hosts is not None:
                raw = headers.get(b"host")
                host = raw.decode("latin-1") if raw is not None else None
                if not self.hosts.allows(host):
                    return await _refuse(send, 421, _host_message(host, self.hosts), "host")
            if scope.get("method") == "POST" and str(scope.get("path", "")).startswith("/api/"):
                given = headers.get(b"content-type", b"").decode("latin-1")
                if given.split(";", 1)[0].strip().lower() != "application/json":
                    shown = repr(given[:60]) if given else "missing"
                    return await _refuse(
                        send,
                        415,
                        f"the Content-Type of the request is {shown}; send the JSON "
                        "body with Content-Type: application/json",
                        "content-type",
                    )
        await self.app(scope, receive, send)


def _host_message(host: str | None, policy: HostPolicy) -> str:
    names = ", ".join(policy.shown[:6]) + (", ..." if len(policy.shown) > 6 else "")
    given = "no Host header" if not host else f"the Host header {host[:80]!r}"
    return (
        f"{given} does not name this server (it answers to {names}); a page of another site cannot use it. "
        "Behind a reverse proxy, start the server with --allowed-host NAME for each name it is reached by"
    )


async def _refuse(send: Send, status: int, message: str, field_name: str) -> None:
    import json

    body = json.dumps({"detail": message, "field": field_name}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})
