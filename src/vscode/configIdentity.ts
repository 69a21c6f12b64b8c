// What a config means for cached project scans, as one comparable string. Pure; unit-tested
// in test/unit/watchModels.test.ts.
//
// The service keeps project-tier scans in a cache across index reloads. Those scans were made
// under one config (knowledge folder, project roots, groups); a snapshot read under another
// config must never be paired with them, even when the config file's own change event has not
// arrived yet (it can land in a later batch than index.md's).
import type { Config } from '../core';

export function configIdentity(config: Config): string {
  return JSON.stringify([
    config.knowledgeFolder,
    config.home,
    config.projectsEnabled,
    [...config.projectsList.entries()],
    config.sharedKnowledge,
    [...config.projectGroups.entries()],
    config.thresholds,
  ]);
}
