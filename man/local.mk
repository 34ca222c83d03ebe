dist_man_MANS += man/menagerie.6 man/menagerie-variants.5 man/xbetza.1
