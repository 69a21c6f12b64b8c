// `npm run release -- --check`: what the Marketplace, Open VSX and npm would check before a
// publish, checked here without publishing: the manifest's fields and icon, the licence, the
// .vsix as `vsce` packs it (its listing holding only the .vscodeignore whitelist, its size), and
// `npm publish --dry-run` of the tarball. Everything is built and packed in a temporary folder,
// so dist/ and release/ are left as they are.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The largest .vsix we ship (the Marketplace takes far more, but users download it). */
export const VSIX_LIMIT = 450 * 1024;

/** What a publish refuses or a listing shows badly: each a sentence naming the field. */
export function manifestProblems(manifest, root) {
  const problems = [];
  const need = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const text = (v) => typeof v === 'string' && v.trim() !== '';
  need(text(manifest.name) && /^[a-z0-9][a-z0-9._-]*$/.test(manifest.name), 'name: missing or not a lower-case id');
  need(text(manifest.publisher), 'publisher: missing (the Marketplace and Open VSX namespace)');
  need(text(manifest.displayName), 'displayName: missing');
  need(text(manifest.description), 'description: missing');
  need(text(manifest.version) && /^\d+\.\d+\.\d+$/.test(manifest.version), 'version: missing or not x.y.z');
  need(text(manifest.license), 'license: missing');
  need(text(manifest.engines?.vscode), 'engines.vscode: missing');
  need(text(manifest.engines?.node), 'engines.node: missing (the npm package states the Node it needs)');
  need(
    text(manifest.repository?.url) && /^https:\/\//.test(manifest.repository.url),
    'repository.url: missing or not https',
  );
  need(Array.isArray(manifest.categories) && manifest.categories.length > 0, 'categories: missing');
  need(text(manifest.bin?.['aria-context']), 'bin.aria-context: missing (the npm command)');
  need(
    /esbuild\.mjs --production/.test(manifest.scripts?.['vscode:prepublish'] ?? ''),
    'scripts.vscode:prepublish: must build the production bundles (vsce package and vsce publish run it)',
  );
  if (!text(manifest.icon)) need(false, 'icon: missing (a 128×128 or larger PNG)');
  else {
    const icon = pngSize(path.join(root, manifest.icon));
    if (typeof icon === 'string') need(false, `icon: ${manifest.icon} ${icon}`);
    else
      need(
        icon.width >= 128 && icon.height >= 128,
        `icon: ${manifest.icon} is ${icon.width}×${icon.height}, under 128×128`,
      );
  }
  for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md'])
    need(fs.existsSync(path.join(root, file)), `${file}: missing`);
  return problems;
}

/** A PNG's width and height from its IHDR, or what is wrong with the file. */
function pngSize(file) {
  let head;
  try {
    const fd = fs.openSync(file, 'r');
    head = Buffer.alloc(24);
    fs.readSync(fd, head, 0, 24, 0);
    fs.closeSync(fd);
  } catch {
    return 'does not exist';
  }
  if (head.toString('latin1', 1, 4) !== 'PNG' || head.toString('latin1', 12, 16) !== 'IHDR') return 'is not a PNG';
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** The whitelist of .vscodeignore (its `!` lines), as patterns a listed path must match one of. */
export function shippedPatterns(root) {
  return fs
    .readFileSync(path.join(root, '.vscodeignore'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).trim());
}

const matches = (file, pattern) => (pattern.endsWith('/**') ? file.startsWith(pattern.slice(0, -2)) : file === pattern);

/**
 * Runs every check; returns the problems (empty: a publish would pass them). `manifestFile`: check
 * that manifest instead of package.json. `packNpm(outDir, {env, distRoot})` is release.mjs's
 * packer of the npm tarball. `log` hears each step.
 */
export function releaseCheck({
  root,
  manifestFile = path.join(root, 'package.json'),
  env = process.env,
  packNpm,
  log = () => {},
}) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const problems = manifestProblems(manifest, root);
  log(`manifest: ${problems.length === 0 ? 'ok' : problems.join('; ')}`);
  if (problems.length > 0) return problems; // nothing to pack until the manifest holds

  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'aria-release-check-'));
  try {
    // the production bundles, as vscode:prepublish builds them, into the stage
    execFileSync(process.execPath, ['esbuild.mjs', '--production', '--outdir', path.join(stage, 'dist')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (const f of ['README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore', 'media', 'chat'])
      if (fs.existsSync(path.join(root, f))) fs.cpSync(path.join(root, f), path.join(stage, f), { recursive: true });
    // built already: the stage's manifest runs no script of ours
    const staged = { ...manifest };
    delete staged.scripts;
    fs.writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(staged, null, 2)}\n`);
    const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    const listing = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: stage, encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const patterns = shippedPatterns(root);
    for (const file of listing)
      if (!patterns.some((p) => matches(file, p)))
        problems.push(`vsce ls: ${file} is not in .vscodeignore's whitelist`);
    for (const p of patterns.filter((x) => !x.includes('*')))
      if (!listing.includes(p)) problems.push(`vsce ls: ${p} (whitelisted) does not ship`);
    log(`vsce ls: ${listing.length} files, each whitelisted`);
    const vsix = path.join(stage, 'check.vsix');
    execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', vsix], {
      cwd: stage,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const size = fs.statSync(vsix).size;
    if (size > VSIX_LIMIT)
      problems.push(`.vsix: ${Math.round(size / 1024)} KB, over the ${VSIX_LIMIT / 1024} KB limit (npx vsce ls)`);
    log(`.vsix: ${Math.round(size / 1024)} KB (limit ${VSIX_LIMIT / 1024} KB)`);
    const tgz = packNpm(stage, { env, distRoot: stage, manifest });
    const dry = npmDryRun(tgz, env);
    if (dry) problems.push(dry);
    log(`npm publish --dry-run: ${dry ? 'failed' : 'ok'}`);
  } catch (err) {
    problems.push(`packing failed: ${String(err.message).split('\n')[0]}`);
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
  return problems;
}

/** `npm publish --dry-run` of a tarball: what npm would send, without sending it. */
export function npmDryRun(tgz, env) {
  // offline: the dry run checks the package, and needs neither the registry nor a login
  const r = spawnSync('npm', ['publish', '--dry-run', tgz], {
    cwd: path.dirname(tgz),
    env: { ...env, npm_config_offline: 'true' },
    encoding: 'utf8',
  });
  if (r.status === 0) return null;
  const why = (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' ');
  return `npm publish --dry-run: exit ${r.status}: ${why}`;
}
