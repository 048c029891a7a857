"""The API's documentation pages, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), served with no CDN.

FastAPI's own pages load Swagger UI and ReDoc from a CDN, so they are blank
offline. Here they are built by FastAPI's documented self-hosting recipe
(``docs_url=None, redoc_url=None`` and :func:`fastapi.openapi.docs.get_swagger_ui_html`
with local URLs), and their JavaScript, CSS and icon are served from
``/docs-assets/`` out of the `fastapi-offline <https://pypi.org/project/fastapi-offline/>`_
package (MIT; it ships the Swagger UI 5 and ReDoc standalone bundles, and is in
sprague's ``web`` extra). Without that package the pages fall back to FastAPI's
CDN pages (they work online only).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html, get_swagger_ui_oauth2_redirect_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["ASSETS", "add_docs"]

ASSETS = "/docs-assets"  #: where the pages' JavaScript, CSS and icon are served


def add_docs(app: FastAPI) -> None:
    """Add ``/docs`` and ``/redoc`` (and Swagger UI's OAuth2 redirect page) to ``app``, made with no docs pages."""
    try:
        app.mount(ASSETS, StaticFiles(packages=[("fastapi_offline", "static")]), name="docs-assets")
        local = True
    except (ImportError, AssertionError):  # the package is missing (StaticFiles asserts it can find it)
        local = False
    title = app.title
    openapi_url = app.openapi_url or "/openapi.json"
    redirect_url = app.swagger_ui_oauth2_redirect_url or "/docs/oauth2-redirect"

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        assets: dict[str, Any] = {}
        if local:
            assets = {
                "swagger_js_url": f"{root}{ASSETS}/swagger-ui-bundle.js",
                "swagger_css_url": f"{root}{ASSETS}/swagger-ui.css",
                "swagger_favicon_url": f"{root}{ASSETS}/favicon.png",
            }
        return get_swagger_ui_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{title} - Swagger UI",
            oauth2_redirect_url=f"{root}{redirect_url}",
            swagger_ui_parameters=app.swagger_ui_parameters,
            **assets,
        )

    @app.get(redirect_url, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        assets: dict[str, Any] = {}
        if local:
            assets = {
                "redoc_js_url": f"{root}{ASSETS}/redoc.standalone.js",
                "redoc_favicon_url": f"{root}{ASSETS}/favicon.png",
            }
        return get_redoc_html(
            openapi_url=f"{root}{openapi_url}",
            title=f"{title} - ReDoc",
            with_google_fonts=not local,
            **assets,
        )
