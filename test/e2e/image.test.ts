/**
 * The container image (Containerfile, scripts/image.ts), built with Debian's podman. Containers
 * cannot run on these build machines, so the image is checked as a registry would see it (its
 * configuration) and as a container would run it: its root file system is exported, and the
 * executable is started from there with the image's own loader and libraries on a loopback port.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildImage, IMAGE, IMAGE_UID } from "../../scripts/image.ts";
import { portFromListeningLine } from "../helpers/serve-process.ts";

const podman = (...args: string[]) => {
  const run = Bun.spawnSync(["podman", ...args], { stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`podman ${args.join(" ")}: ${run.stderr.toString()}`);
  return run.stdout.toString();
};

let rootfs: string;
let listing: string;
beforeAll(() => {
  buildImage(mkdtempSync(join(tmpdir(), "lingshu-image-context-")));
  rootfs = mkdtempSync(join(tmpdir(), "lingshu-image-rootfs-"));
  const container = podman("create", IMAGE).trim().split("\n").pop()!;
  try {
    const archive = join(rootfs, "..", `${container}.tar`);
    podman("export", "-o", archive, container);
    listing = Bun.spawnSync(["tar", "-tvf", archive], { stdout: "pipe" }).stdout.toString();
    Bun.spawnSync(["tar", "-xf", archive, "-C", rootfs]);
    rmSync(archive, { force: true });
  } finally {
    podman("rm", "-f", container);
  }
}, 180_000);
afterAll(() => {
  rmSync(rootfs, { recursive: true, force: true });
  Bun.spawnSync(["podman", "rmi", "-f", IMAGE], { stdout: "ignore", stderr: "ignore" });
});

describe(`the image ${IMAGE}`, () => {
  test("runs the service as an unprivileged user, production by default, with a volume for the data and a health check", () => {
    const [image] = JSON.parse(podman("image", "inspect", IMAGE));
    const config = image.Config;
    expect(config.User).toBe(`${IMAGE_UID}:${IMAGE_UID}`);
    expect(config.Entrypoint).toEqual(["/usr/local/bin/lingshu"]);
    expect(config.Cmd).toEqual(["serve"]);
    expect(Object.keys(config.Volumes)).toEqual(["/data"]);
    expect(Object.keys(config.ExposedPorts)).toEqual(["3000/tcp"]);
    expect(config.Env).toEqual(expect.arrayContaining(["NODE_ENV=production", "HOST=0.0.0.0", "PORT=3000", "DATABASE_PATH=/data/lingshu.sqlite"]));
    // podman reports the (docker-format) health check beside the configuration.
    expect((image.Healthcheck ?? config.Healthcheck).Test).toEqual(["CMD", "/usr/local/bin/lingshu", "probe"]);
  });

  test("holds the executable, its libraries and the CA certificates, and no shell; /data belongs to the service's user alone (0700)", () => {
    for (const path of ["usr/local/bin/lingshu", "etc/ssl/certs/ca-certificates.crt", "etc/passwd", "lib64/ld-linux-x86-64.so.2", "lib/x86_64-linux-gnu/libc.so.6"]) expect({ path, there: existsSync(join(rootfs, path)) }).toEqual({ path, there: true });
    for (const path of ["bin/sh", "usr/bin/apt-get"]) expect({ path, there: existsSync(join(rootfs, path)) }).toEqual({ path, there: false });
    expect(listing).toMatch(/^drwx------ lingshu\/lingshu\s+0 .* data\/$/m);
    expect(listing).toMatch(/^-rwx\S+ root\/root .* usr\/local\/bin\/lingshu$/m);
  });

  test("the executable starts from the exported root file system, with its own loader and libraries, and answers on loopback", async () => {
    const loader = join(rootfs, "lib64", "ld-linux-x86-64.so.2");
    const binary = join(rootfs, "usr", "local", "bin", "lingshu");
    const command = [loader, "--library-path", join(rootfs, "lib", "x86_64-linux-gnu"), binary];
    const data = mkdtempSync(join(tmpdir(), "lingshu-image-data-"));
    // The image's environment, with a loopback address and a free port instead of 0.0.0.0:3000.
    const env = { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATABASE_PATH: join(data, "lingshu.sqlite"), KEY_PEPPER: "image-test-pepper-0123456789" };
    const withoutPepper = Bun.spawnSync([...command, "serve"], { env: { ...env, KEY_PEPPER: "" }, stderr: "pipe" });
    expect(withoutPepper.exitCode).toBe(2);
    expect(withoutPepper.stderr.toString()).toContain("KEY_PEPPER must be set when NODE_ENV=production");
    const proc = Bun.spawn([...command, "serve"], { env, stdout: "pipe", stderr: "pipe" });
    try {
      const port = await portFromListeningLine(proc.stdout);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      const probe = Bun.spawnSync([...command, "probe"], { env: { ...env, PORT: String(port) }, stdout: "pipe" });
      expect(probe.exitCode).toBe(0);
      expect(probe.stdout.toString().trim()).toBe(`http://127.0.0.1:${port}/health: 200`);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      rmSync(data, { recursive: true, force: true });
    }
  }, 60_000);
});
