#!/bin/sh
# Makes the TrueType fonts of the receipt PDFs (decision 0139) from the very woff2 files the HTML
# receipt serves (@fontsource Noto Sans Malayalam, Devanagari, Tamil; the Latin subset of Noto Sans
# Devanagari for English, digits and punctuation): one file for the PDF and for HarfBuzz's hb-shape
# alike (hb-shape reads no woff2). Needs Debian's `woff2` (woff2_decompress). Run from the repository
# root after changing an @fontsource version, then `sh scripts/hb-vectors.sh`, and commit both.
set -eu
src=node_modules/@fontsource
out=apps/server/assets/fonts
mkdir -p "$out"
for weight in 400 700; do
  for pair in noto-sans-devanagari:latin noto-sans-devanagari:devanagari noto-sans-malayalam:malayalam noto-sans-tamil:tamil; do
    family=${pair%%:*}
    subset=${pair##*:}
    file="$family-$subset-$weight-normal"
    cp "$src/$family/files/$file.woff2" "$out/$file.woff2"
    woff2_decompress "$out/$file.woff2" >/dev/null
    rm "$out/$file.woff2"
  done
done
cp "$src/noto-sans-devanagari/LICENSE" "$out/OFL.txt"
ls -l "$out"
