/** opencc-js ships its dictionaries as modules whose default export is OpenCC's "from to|…" text. */
declare module "opencc-js/dict/*" {
  const dictionary: string;
  export default dictionary;
}
