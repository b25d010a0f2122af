import fs from 'node:fs';
import type { Config } from '../config.ts';
import type { IdpDirectory } from '../plugins/idp.ts';
import { demoAccounts, directoryOnlyAccounts } from './demo-accounts.ts';
import { portraitFile, portraitUrl } from './portraits.ts';

/** The bundled identity provider's directory: the demo accounts, and the portraits drawn for them (portraits.ts). */
export function demoDirectory(config: Pick<Config, 'uploadsDir' | 'publicUrl'>): IdpDirectory {
  return {
    listed: demoAccounts.map((a) => ({ ...a })),
    directoryOnly: directoryOnlyAccounts.map((a) => ({ ...a })),
    picture: (email) => (fs.existsSync(portraitFile(config.uploadsDir, email)) ? portraitUrl(config.publicUrl, email) : undefined),
  };
}
