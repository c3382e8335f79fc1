/** `--help` text, written from the command declarations (cli/command-specs.ts). Pure. */
import { COMMANDS, COMMAND_GROUPS, COMMON_OPTIONS, findCommand, type CommandSpec, type OptionSpec } from "./command-specs.ts";

const INDENT = "  ";

function optionLabel(o: OptionSpec): string {
  return `--${o.name}${o.value ? ` ${o.value}` : ""}`;
}

function columns(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `${INDENT}${left.padEnd(width)}  ${right}`.trimEnd());
}

export function usageLine(spec: CommandSpec): string {
  const args = spec.args.map((a) => (a.repeated ? `${a.name}…` : a.name));
  const required = spec.options.filter((o) => o.required).map(optionLabel);
  const optional = spec.options.some((o) => !o.required) ? ["[options]"] : [];
  return ["lingshu", ...spec.path, ...args, ...required, ...optional].join(" ");
}

/** The help of one command: usage, arguments, options with defaults, notes, examples. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [`lingshu ${spec.path.join(" ")}: ${spec.summary}`, "", "Usage:", `${INDENT}${usageLine(spec)}`];
  if (spec.args.length > 0) lines.push("", "Arguments:", ...columns(spec.args.map((a) => [a.name, a.description])));
  const options = [...spec.options, ...COMMON_OPTIONS].map((o): [string, string] => {
    const extra = o.required ? " (required)" : o.default !== undefined ? ` (default: ${o.default})` : "";
    return [o.name === "help" ? "-h, --help" : optionLabel(o), `${o.description}${extra}`];
  });
  lines.push("", "Options:", ...columns(options));
  if (spec.notes) lines.push("", spec.notes);
  lines.push("", spec.examples.length > 1 ? "Examples:" : "Example:", ...spec.examples.map((e) => `${INDENT}${e}`));
  return `${lines.join("\n")}\n`;
}

/** The help of a group (`lingshu app --help`): its commands. */
export function groupHelp(group: string): string {
  const commands = COMMANDS.filter((c) => c.path[0] === group && c.path.length > 1);
  return [
    `lingshu ${group}: ${COMMAND_GROUPS[group]}`,
    "",
    "Usage:",
    `${INDENT}lingshu ${group} COMMAND [arguments] [options]`,
    "",
    "Commands:",
    ...columns(commands.map((c) => [c.path.slice(1).join(" "), c.summary])),
    "",
    `Run "lingshu ${group} COMMAND --help" for a command's arguments, options and an example.`,
    "",
  ].join("\n");
}

/** The binary's help: every command, the environment it reads, where to read more. */
export function programHelp(): string {
  const top = COMMANDS.filter((c) => c.path.length === 1).map((c): [string, string] => [c.path[0]!, c.summary]);
  const groups = Object.entries(COMMAND_GROUPS).map(([group, summary]): [string, string] => [`${group} COMMAND`, summary]);
  return [
    "lingshu: BaZi charts, LiuYao casts, Healing Plans and grounded interpretations over JSON/HTTP",
    "",
    "Usage:",
    `${INDENT}lingshu [COMMAND] [arguments] [options]`,
    "",
    "Commands:",
    ...columns([...top, ...groups]),
    "",
    "Every command reads its configuration from the environment (DATABASE_PATH or DATABASE_URL,",
    "KEY_PEPPER, PORT, HOST, …); every command takes --json and -h/--help.",
    'Run "lingshu help COMMAND" (or "lingshu COMMAND --help") for a command\'s arguments, options and an example.',
    "Guide and API reference: /docs on a running service.",
    "",
  ].join("\n");
}

/**
 * The help `words` (the command line without its options) ask for, or null when they name nothing:
 * [] → the program, ["app"] → the group, ["key", "create"] → the command.
 */
export function helpFor(words: readonly string[]): string | null {
  if (words.length === 0) return programHelp();
  if (words.length === 1 && COMMAND_GROUPS[words[0]!]) return groupHelp(words[0]!);
  const spec = findCommand(words);
  return spec ? commandHelp(spec) : null;
}
