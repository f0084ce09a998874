"""The web front end: a JSON API and a static page, thin over the public API.

Only this package and ``perfectplay serve`` import FastAPI and uvicorn (the
optional ``web`` extra); the engine never does. The application is built by
``perfectplay.web.app.create_app``. This file imports nothing, so a search
worker (``perfectplay.web.worker``) starts without loading FastAPI.
"""
