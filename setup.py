"""Builds the compiled core (``perfectplay._core``) beside the pure-Python package.

The metadata lives in pyproject.toml; this file only adds the C extension.
It is optional: without a C compiler the build skips it and the package
runs on the pure-Python solver (``perfectplay doctor`` says which core is in use).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "perfectplay._core",
            sources=["src/perfectplay/_core.c"],
            extra_compile_args=["-O2", "-std=gnu11"],
            optional=True,
        )
    ]
)
