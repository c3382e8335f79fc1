/**
 * The command declarations drive both the parser and `--help`: every declared command has help with
 * its usage, each option and an example; every example is a command line its own parser accepts.
 */
import { describe, expect, test } from "bun:test";
import { COMMANDS, COMMAND_GROUPS, COMMON_OPTIONS, RUN_BY_MAIN } from "../../../src/cli/command-specs.ts";
import { commandHelp, helpFor, programHelp, usageLine } from "../../../src/cli/help.ts";
import { isOperatorCommand, parseCommand, UsageError } from "../../../src/cli/commands.ts";
import { localServiceUrl } from "../../../src/cli/probe.ts";

/** A shell-like split of an example (double quotes group words; VAR=value prefixes dropped). */
function exampleArgv(example: string): string[] {
  const words = [...example.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  while (words.length > 0 && /^[A-Z_]+=/.test(words[0]!)) words.shift();
  expect(words[0]).toBe("lingshu");
  return words.slice(1);
}

const name = (path: readonly string[]) => path.join(" ");

describe("command declarations", () => {
  test("names are unique, and every declared command is run by main.ts or by the operator commands", () => {
    const names = COMMANDS.map((c) => name(c.path));
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMANDS) {
      const ran = RUN_BY_MAIN.has(name(command.path)) || isOperatorCommand(command.path[0]!);
      expect({ command: name(command.path), ran }).toEqual({ command: name(command.path), ran: true });
      if (command.path.length > 1) expect(COMMAND_GROUPS[command.path[0]!]).toBeString();
    }
  });

  test.each(COMMANDS.map((c) => [name(c.path), c] as const))("%s: help shows the usage, every argument and option with its default, and an example", (_name, command) => {
    const help = commandHelp(command);
    expect(help).toContain(`Usage:\n  ${usageLine(command)}`);
    for (const arg of command.args) expect(help).toContain(arg.name);
    for (const option of [...command.options, ...COMMON_OPTIONS]) expect(help).toContain(`--${option.name}`);
    for (const option of command.options.filter((o) => o.default !== undefined)) expect(help).toContain(`(default: ${option.default})`);
    for (const option of command.options.filter((o) => o.required)) expect(help).toContain(`--${option.name}${option.value ? ` ${option.value}` : ""}`);
    expect(help).toMatch(/\nExamples?:\n {2}\S/);
    expect(helpFor(command.path)).toBe(help);
  });

  test.each(COMMANDS.flatMap((c) => c.examples.map((e) => [e, c] as const)))("the example %p parses as its command declares", (example, command) => {
    const argv = exampleArgv(example);
    // help's words name a command or a group, with or without --help.
    if (command.path[0] === "help") return void expect(helpFor(argv.filter((a) => a !== "help" && !a.startsWith("-")))).not.toBeNull();
    if (argv.length === 0 || argv[0]!.startsWith("-")) return void expect(name(command.path)).toBeOneOf(["serve", "version"]);
    expect(argv.slice(0, command.path.length)).toEqual([...command.path]);
    expect(() => parseCommand(command, argv.slice(command.path.length))).not.toThrow();
  });

  test("the program's help names every top-level command and group; a group's help names its commands", () => {
    const help = programHelp();
    for (const command of COMMANDS.filter((c) => c.path.length === 1)) expect(help).toContain(`  ${command.path[0]}`);
    for (const group of Object.keys(COMMAND_GROUPS)) {
      expect(help).toContain(`${group} COMMAND`);
      const groupHelp = helpFor([group])!;
      for (const command of COMMANDS.filter((c) => c.path[0] === group)) expect(groupHelp).toContain(`  ${command.path[1]}`);
    }
    expect(helpFor(["frobnicate"])).toBeNull();
  });
});

describe("parseCommand follows the declaration", () => {
  const find = (words: string) => COMMANDS.find((c) => name(c.path) === words)!;
  test("required options, unknown options and argument counts are refused with a usage line", () => {
    expect(() => parseCommand(find("app create"), ["--env", "test"])).toThrow(new UsageError("--name is required"));
    expect(() => parseCommand(find("app create"), ["--name", "x", "--env", "test", "--bogus"])).toThrow(UsageError);
    expect(() => parseCommand(find("key revoke"), [])).toThrow("expected 1 argument, got 0 (usage: lingshu key revoke KEY_ID)");
    expect(() => parseCommand(find("migrate"), ["now"])).toThrow('migrate takes no arguments (got "now")');
    expect(() => parseCommand(find("app grant"), ["app_x"])).toThrow("expected at least 2 arguments, got 1");
    expect(parseCommand(find("app grant"), ["app_x", "bazi", "healing"]).positionals).toEqual(["app_x", "bazi", "healing"]);
  });
  test("options with a value take it; flags take none; --json everywhere", () => {
    const parsed = parseCommand(find("key rotate"), ["key_x", "--grace", "7d", "--json"]);
    expect(parsed.values).toMatchObject({ grace: "7d", json: true });
    expect(() => parseCommand(find("app list"), ["--json=yes"])).toThrow(UsageError);
  });
});

describe("probe's address", () => {
  test("loopback when the service listens on every address; its own address otherwise; IPv6 in brackets", () => {
    expect(localServiceUrl({ host: "0.0.0.0", port: 3000 }, "/health")).toBe("http://127.0.0.1:3000/health");
    expect(localServiceUrl({ host: "::", port: 3000 }, "ready")).toBe("http://127.0.0.1:3000/ready");
    expect(localServiceUrl({ host: "10.0.0.5", port: 8080 }, "/health")).toBe("http://10.0.0.5:8080/health");
    expect(localServiceUrl({ host: "::1", port: 3000 }, "/health")).toBe("http://[::1]:3000/health");
  });
});
