"""Date formats for the site's languages where Django's do not suit (``FORMAT_MODULE_PATH``)."""
