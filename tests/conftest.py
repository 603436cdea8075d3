"""Shared pytest options."""


def pytest_addoption(parser):
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden score sheets and traces of examples/ instead of comparing",
    )
