"""The optional C scanner for Kineto traces (tracelens/_fastscan.c); everything else is in
pyproject.toml. Without a C compiler the install still succeeds and the parser uses its
pure-Python path (same results, about 2x slower)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("tracelens._fastscan", ["tracelens/_fastscan.c"], optional=True, extra_compile_args=["-O2"]),
    ]
)
