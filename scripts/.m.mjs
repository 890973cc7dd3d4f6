import { gzipSync } from "node:zlib";
import { buildSync } from "esbuild";

const r = buildSync({
  entryPoints: [process.argv[2]],
  bundle: true,
  minify: true,
  format: "esm",
  write: false,
});
console.log(r.outputFiles[0].text.length, gzipSync(r.outputFiles[0].text).length);
console.log(r.outputFiles[0].text.slice(0, 3000));
