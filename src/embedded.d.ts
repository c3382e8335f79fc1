// Files imported with `with { type: "text" }` / `{ type: "file" }` are embedded by `bun build --compile`.
declare module "*.sql" {
  const text: string;
  export default text;
}
declare module "*.md" {
  const text: string;
  export default text;
}
declare module "*.mp3" {
  const path: string;
  export default path;
}
