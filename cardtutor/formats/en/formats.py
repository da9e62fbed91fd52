"""English dates as the site writes them: "28 Nov 2026, 07:05", not Django's American
"11/28/2026 7:05 a.m." (read the other way round by a British learner; German keeps Django's
"28.11.2026 07:05")."""

SHORT_DATETIME_FORMAT = "j M Y, H:i"
