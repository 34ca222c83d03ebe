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
echo "check-variants.sh: $count variant files ok"
