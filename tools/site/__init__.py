"""Parts of the site build (tools/build_site.py) that have a job of their own."""
