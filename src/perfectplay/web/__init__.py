"""The web front end: a JSON API and a static page, thin over the public API.

Only this package and ``perfectplay serve`` import FastAPI and uvicorn (the
optional ``web`` extra); the engine never does. Its modules, from the
outside in:

* ``app.py``: the application and its wiring (``create_app``), the body's
  limits, error handlers, the request log and the static page;
* ``server.py``: the app under uvicorn as ``perfectplay serve`` runs it
  (deadlines for slow clients, a clean stop);
* ``routes_play.py``, ``routes_tree.py``, ``routes_teach.py``: the routes,
  each from a validated request to JSON;
* ``schemas.py`` (request bodies and what they mean against a game),
  ``problems.py`` (the one error shape), ``settings.py`` (the limits of one
  server);
* ``workers.py``: where a search runs, the fast lane in this process or the
  pool of worker processes under a time limit;
* ``jobs.py``: what a request computes, as plain data in and out, and the
  worker process that computes it (``python -m perfectplay.web.jobs``).

This file imports nothing, so a search worker starts without loading FastAPI.
"""
