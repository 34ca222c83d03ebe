#!/bin/sh
# Every shipped variant file must pass `menagerie check`, and every one
# must be listed by `menagerie list` from a directory without data files.
: "${top_srcdir:=.}" "${top_builddir:=.}"
menagerie="$(cd "$top_builddir" && pwd)/menagerie"
[ -x "$menagerie" ] || { echo "check-variants.sh: $menagerie not built"; exit 77; }
"$menagerie" check "$top_srcdir"/variants/*.yaml || exit 1
count=$(ls "$top_srcdir"/variants/*.yaml | wc -l)
listed=$(cd / && XDG_DATA_HOME=/nonexistent MENAGERIE_VARIANTS= "$menagerie" list | wc -l)
if [ "$listed" -lt "$count" ]; then
    echo "check-variants.sh: $count variant files but only $listed variants listed"
    exit 1
fi
# A broken file must fail with status 1 and a located message.
if "$menagerie" check "$top_srcdir/tests/bad/types.yaml" 2>/dev/null; then
    echo "check-variants.sh: a bad file passed the check"
    exit 1
fi
"$menagerie" check 2>/dev/null
[ $? -eq 2 ] || { echo "check-variants.sh: 'check' without files must exit 2"; exit 1; }
# `show` describes every variant (all in one process: showing one prepares
# its move tables, which a sanitizer build pays for dearly);
# spot-check what it says of zones.
names=$("$menagerie" list | awk '{print $1}')
# shellcheck disable=SC2086 # one word a name
shown=$("$menagerie" show $names | grep -c '^[^ ]* — .* board, ') \
    || { echo "check-variants.sh: 'show' of every variant failed"; exit 1; }
[ "$shown" -eq "$(printf '%s\n' "$names" | wc -l)" ] \
    || { echo "check-variants.sh: 'show' described $shown variants, not all"; exit 1; }
expect_show() {
    "$menagerie" show "$1" | grep -qF -- "$2" || { echo "check-variants.sh: 'show $1' lacks '$2'"; exit 1; }
}
expect_show xiangqi "confined to d1 e1 f1 d2 e2 f2 d3 e3 f3"
expect_show xiangqi "confined to ranks 1-5"
expect_show xiangqi "also sW on ranks 6-10"
expect_show chess "promotes to N B R Q on rank 8"
expect_show shogi "promotes to +P on ranks 7-9"
echo "check-variants.sh: $count variant files ok"
