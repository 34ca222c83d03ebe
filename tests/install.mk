# `make installcheck` (run by `make distcheck`): an install into a second
# prefix after the build for the first (tests/install-prefix.sh).
EXTRA_DIST += tests/install-prefix.sh
installcheck-local:
	MAKE="$(MAKE)" $(SHELL) $(srcdir)/tests/install-prefix.sh
