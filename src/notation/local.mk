# notation/: positions and moves as text (FEN dialects, move notation).
src_libengine_a_SOURCES += \
	src/notation/fen.c
