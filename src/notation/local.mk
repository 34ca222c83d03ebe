# notation/: positions and moves as text (FEN dialects, move notation).
src_libengine_a_SOURCES += \
	src/notation/fen.h src/notation/fen_internal.h src/notation/fen.c src/notation/fen_write.c \
	src/notation/move_text.h src/notation/move_text.c \
	src/notation/move_why.h src/notation/move_why.c \
	src/notation/diagram.h src/notation/diagram.c
