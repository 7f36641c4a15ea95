"""Project tooling: building and serving the static site (not shipped to the browser)."""
