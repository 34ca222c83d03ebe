# protocol/: the front ends: the shared game controller, the input reader
# and output, the console commands both accept, XBoard/CECP and UCI.
src_libengine_a_SOURCES += \
	src/protocol/io.h src/protocol/io.c \
	src/protocol/engine.h src/protocol/engine.c \
	src/protocol/protocol.h src/protocol/protocol.c \
	src/protocol/console.h src/protocol/console.c \
	src/protocol/cecp.h src/protocol/cecp_internal.h src/protocol/cecp.c \
	src/protocol/cecp_game.c src/protocol/cecp_partner.c src/protocol/cecp_search.c src/protocol/cecp_settings.c \
	src/protocol/cecp_edit.c src/protocol/cecp_variant.c src/protocol/cecp_console.c \
	src/protocol/cecp_define.c \
	src/protocol/uci.h src/protocol/uci.c

# XBoard's engine list: `make install` registers the engine and its logo.
xboardpluginsdir = $(datadir)/games/plugins/xboard
dist_xboardplugins_DATA = data/menagerie.eng
logodir = $(datadir)/games/plugins/logos
dist_logo_DATA = data/menagerie.png
