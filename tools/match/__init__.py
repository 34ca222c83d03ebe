"""menagerie-match: engine matches refereed by Menagerie (see ../menagerie-match)."""
