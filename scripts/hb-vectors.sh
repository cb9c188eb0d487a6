#!/bin/sh
# The fixed shaping vectors of the receipt PDFs (decision 0139): each text of
# apps/server/test/fixtures/indic-corpus.json shaped by HarfBuzz's own hb-shape (Debian's
# libharfbuzz-bin) with the very TrueType file the PDF embeds (scripts/pdf-fonts.sh), weights 400
# and 700, as glyph ids and advances (font units). The receipt PDF test compares what the PDF lays
# out to these, so the test itself needs no hb-shape. Run from the repository root; commit the JSON.
set -eu
fonts=apps/server/assets/fonts
corpus=apps/server/test/fixtures/indic-corpus.json
out=apps/server/test/fixtures/indic-shaping-vectors.json
node -e '
const { execFileSync } = require("node:child_process");
const corpus = require(process.argv[1]);
const families = { ml: "noto-sans-malayalam-malayalam", hi: "noto-sans-devanagari-devanagari", ta: "noto-sans-tamil-tamil" };
const version = execFileSync("hb-shape", ["--version"], { encoding: "utf8" }).split("\n")[0];
const vectors = [];
for (const lang of ["ml", "hi", "ta"]) {
  for (const weight of [400, 700]) {
    const font = `${process.argv[2]}/${families[lang]}-${weight}-normal.ttf`;
    for (const text of corpus[lang]) {
      const json = execFileSync("hb-shape", ["--output-format=json", "--no-glyph-names", "--no-clusters", font, text], { encoding: "utf8" });
      const glyphs = JSON.parse(json);
      vectors.push({ lang, weight, text, glyphs: glyphs.map((g) => g.g), advances: glyphs.map((g) => g.ax) });
    }
  }
}
process.stdout.write(JSON.stringify({ hbShape: version, vectors }, null, 1) + "\n");
' "$PWD/$corpus" "$PWD/$fonts" > "$out"
npx prettier --write "$out" >/dev/null
echo "wrote $out"
