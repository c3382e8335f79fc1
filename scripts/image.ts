/**
 * `npm run image`: the container image (Containerfile), built with Debian's podman. Stages
 * dist/image/rootfs — the executable, the shared libraries it links (as `ldd` names them on this
 * machine), the CA certificates for the model API, and a passwd entry for the unprivileged user —
 * and dist/image/volume/data (the volume's directory, 0700, given to that user), then runs podman build.
 */
import { chmodSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildExecutable } from "./build.ts";
import { VERSION } from "../src/version.ts";

const root = join(import.meta.dir, "..");
export const IMAGE = `localhost/lingshu:${VERSION}`;
/** The user the service runs as in the image (the Containerfile's USER). */
export const IMAGE_UID = 10001;
const CA_CERTIFICATES = "/etc/ssl/certs/ca-certificates.crt";

/** The files the dynamic loader maps for `binary` (ldd's absolute paths). */
function sharedLibraries(binary: string): string[] {
  const ldd = Bun.spawnSync(["ldd", binary], { stdout: "pipe", stderr: "pipe" });
  if (ldd.exitCode !== 0) throw new Error(`ldd ${binary}: ${ldd.stderr.toString().trim()}`);
  return [...ldd.stdout.toString().matchAll(/(?:=> )?(\/\S+) \(0x/g)].map((m) => m[1]!);
}

/** Copies `path` of this machine to the same path under `rootfs` (the file a symlink names, under the link's name). */
function place(rootfs: string, path: string): void {
  const target = join(rootfs, path);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(path, target);
}

export function stageImage(context: string): void {
  rmSync(context, { recursive: true, force: true });
  const rootfs = join(context, "rootfs");
  const binary = join(rootfs, "usr", "local", "bin", "lingshu");
  buildExecutable(binary);
  for (const library of sharedLibraries(binary)) place(rootfs, library);
  place(rootfs, CA_CERTIFICATES);
  mkdirSync(join(rootfs, "etc"), { recursive: true });
  writeFileSync(join(rootfs, "etc", "passwd"), `root:x:0:0:root:/:/sbin/nologin\nlingshu:x:${IMAGE_UID}:${IMAGE_UID}:lingshu:/data:/sbin/nologin\n`);
  writeFileSync(join(rootfs, "etc", "group"), `root:x:0:\nlingshu:x:${IMAGE_UID}:\n`);
  writeFileSync(join(rootfs, "etc", "nsswitch.conf"), "hosts: files dns\n");
  mkdirSync(join(rootfs, "tmp"));
  chmodSync(join(rootfs, "tmp"), 0o1777);
  mkdirSync(join(context, "volume", "data"), { recursive: true });
  chmodSync(join(context, "volume", "data"), 0o700);
}

/** Stages the context and builds IMAGE from it. @throws with podman's output when the build fails */
export function buildImage(context = join(root, "dist", "image")): void {
  stageImage(context);
  const build = Bun.spawnSync(["podman", "build", "--format", "docker", "-f", join(root, "Containerfile"), "-t", IMAGE, context], { stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`podman build failed:\n${build.stderr.toString()}${build.stdout.toString()}`);
}

if (import.meta.main) {
  try {
    buildImage();
    console.log(`built ${IMAGE}`);
  } catch (err) {
    console.error(`image: ${(err as Error).message}`);
    process.exit(1);
  }
}
