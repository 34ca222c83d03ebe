# The manual pages.  The sources name the installed directories with the
# placeholders PKGDATADIR and $(datadir); the pages installed are copies in
# man/built/ with the configured paths put in, written again whenever a
# path differs (as src/catalog/install_dirs.h is) and only then.
EXTRA_DIST += man/menagerie.6 man/menagerie-variants.5 man/xbetza.1
man_MANS = man/built/menagerie.6 man/built/menagerie-variants.5 man/built/xbetza.1
CLEANFILES += $(man_MANS)
MAN_SUBSTITUTE = sed -e 's|PKGDATADIR|$(pkgdatadir)|g' -e 's|\$$(datadir)|$(datadir)|g'

# Write page $page of man/ to man/built/ when it differs.
MAN_BUILD = $(MKDIR_P) man/built \
	&& $(MAN_SUBSTITUTE) $(srcdir)/man/$$page > man/built/$$page.tmp \
	&& if cmp -s man/built/$$page.tmp man/built/$$page; then rm -f man/built/$$page.tmp; \
	else mv man/built/$$page.tmp man/built/$$page && echo "  GEN      man/built/$$page"; fi

man/built/menagerie.6: $(srcdir)/man/menagerie.6 FORCE
	@page=menagerie.6; $(MAN_BUILD)
man/built/menagerie-variants.5: $(srcdir)/man/menagerie-variants.5 FORCE
	@page=menagerie-variants.5; $(MAN_BUILD)
man/built/xbetza.1: $(srcdir)/man/xbetza.1 FORCE
	@page=xbetza.1; $(MAN_BUILD)
