# board/: positions of any variant, make/unmake, hashing, move
# generation, the rules that end games, perft.
src_libengine_a_SOURCES += \
	src/board/zobrist.h src/board/zobrist.c \
	src/board/position.h src/board/position.c \
	src/board/move.h \
	src/board/attack.h src/board/attack.c \
	src/board/movegen.h src/board/movegen.c src/board/movegen_internal.h \
	src/board/movegen_castle.c src/board/movegen_hand.c \
	src/board/multileg.h src/board/multileg.c \
	src/board/movebound.h src/board/movebound.c \
	src/board/rules.h src/board/rules.c \
	src/board/turn.h src/board/turn.c \
	src/board/chase.h src/board/chase.c \
	src/board/pass.h src/board/pass.c \
	src/board/perft.h src/board/perft.c \
	src/board/nnue.h src/board/nnue.c src/board/nnue_file.c \
	src/board/nnue_kernels.h src/board/nnue_kernels.c
