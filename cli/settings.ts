import { checkSettings, configFileOf, readSettings, type SettingsNeed } from '../lib/config/load.ts';
import { gitExposure } from '../lib/config/git-exposure.ts';
import { VARIABLES } from '../lib/config/variables.ts';

type Source = Readonly<Record<string, string | undefined>>;

/** Variables that hold a key ID or secret: a config file with one of them must stay out of git. */
const KEY_VARIABLES = VARIABLES.filter((v) => /_KEY\d?_(ID|SECRET)$/.test(v.name)).map((v) => v.name);

/**
 * The CC_* settings a command runs with: the config file under the environment, every value set checked
 * whether a target is configured or the bundled mock will stand in (a bad one is a one-line ConfigError).
 * A command checks what it `need`s and no more: a plan leaves the CA file alone, a comparison everything
 * but the key pairs. `warn` hears of a config file holding a key pair that git tracks or would add.
 */
export function commandSettings(env: Source, warn: (line: string) => void, need: SettingsNeed = 'send'): Record<string, string> {
  const settings = readSettings(env);
  checkSettings(settings, process.cwd(), need);
  const file = configFileOf(env);
  if (file !== undefined) {
    const inFile = readSettings({ CC_CONFIG_FILE: file });
    const keys = KEY_VARIABLES.filter((name) => inFile[name] !== undefined);
    const exposure = keys.length > 0 ? gitExposure(file) : undefined;
    if (exposure === 'tracked')
      warn(
        `${file} holds ${keys.join(', ')} and git tracks it: remove it from the repository (git rm --cached) and ignore it, or move the key pair into the environment`,
      );
    if (exposure === 'unignored')
      warn(
        `${file} holds ${keys.join(', ')} and no ignore rule of git covers it, so \`git add .\` would commit it: add it to .gitignore, or move the key pair into the environment`,
      );
  }
  return settings;
}

/** Says, in one line, which variables given the bundled mock replaces with its own; called as it starts. */
export function warnReplacedByMock(settings: Readonly<Record<string, string>>, warn: (line: string) => void): void {
  const replaced = VARIABLES.filter((v) => v.bundledMock === 'mock' && settings[v.name] !== undefined).map((v) => v.name);
  if (replaced.length > 0)
    warn(
      `no target is named, so the bundled mock stands in and uses its own ${replaced.join(', ')} instead of the value given (set CC_BASE_URL and CC_KEY_ID to run against a target)`,
    );
}
