# Protocol front ends: the shared game controller, XBoard/CECP and UCI.
src_libengine_a_SOURCES += \
	src/io.h src/io.c \
	src/engine.h src/engine.c \
	src/protocol.h src/protocol.c \
	src/cecp.h src/cecp.c src/cecp_variant.c \
	src/uci.h src/uci.c

# XBoard's engine list: `make install` registers the engine and its logo.
xboardpluginsdir = $(datadir)/games/plugins/xboard
dist_xboardplugins_DATA = data/menagerie.eng
logodir = $(datadir)/games/plugins/logos
dist_logo_DATA = data/menagerie.png
