// Admin accounts from the command line, and the way back in when no Owner can sign in:
//   npm run admin -- create <username> [--role owner|editor|sales]
//   npm run admin -- set-role <username> --role owner|editor|sales
//   npm run admin -- set-password <username>
//   npm run admin -- list
//   npm run admin -- delete <username>
//   npm run admin -- totp enable|disable <username>
// Passwords are read without echo from the terminal, or from stdin when it is not a terminal
// (`printf '%s\n' "$PASSWORD" | npm run admin -- create ops`). Uses DATABASE_URL / DATA_DIR
// like the server does.
import { ROLES, ROLE_LABELS, type Role, isRole } from '@domain/permissions.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import {
  AdminError,
  createAdmin,
  deleteAdmin,
  findAdminByUsername,
  listAdmins,
  setAdminPassword,
  setAdminRole,
  setTotpSecret,
} from '../server/services/auth/admins.ts';
import { PasswordPolicyError } from '../server/services/auth/password.ts';
import { newTotpSecret, provisioningUri } from '../server/services/auth/totp.ts';

const usage = `Usage: npm run admin -- <command>
  create <username> [--role R]   create an admin (asks for the password); R is owner (the default), editor or sales
  set-role <username> --role R   change an admin's role (their sessions take it at their next request)
  set-password <username>    set a new password (ends that admin's sessions)
  list                       list admins with their roles
  delete <username>          delete an admin
  totp enable <username>     enrol in TOTP; prints the otpauth:// URI for an authenticator app
  totp disable <username>    turn TOTP off`;

/** Reads one line from stdin; on a terminal, without echoing what is typed. */
async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('cancelled'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function askNewPassword(): Promise<string> {
  const password = await readPassword('Password (at least 12 characters): ');
  if (process.stdin.isTTY) {
    const again = await readPassword('Repeat the password: ');
    if (again !== password) throw new AdminError('The passwords differ.');
  }
  return password;
}

/** `--role R` or `--role=R` taken out of the arguments; undefined when absent. */
function takeRole(args: string[]): { role: Role | undefined; rest: string[] } {
  const rest: string[] = [];
  let value: string | undefined;
  let seen = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--role') {
      seen = true;
      value = args[index + 1];
      index += 1;
    } else if (arg.startsWith('--role=')) {
      seen = true;
      value = arg.slice('--role='.length);
    } else rest.push(arg);
  }
  if (!seen) return { role: undefined, rest };
  const role = value?.toLowerCase();
  if (!isRole(role)) throw new AdminError(`--role must be one of ${ROLES.join(', ')}.`);
  return { role, rest };
}

async function main(args: string[]): Promise<number> {
  const { role, rest: positional } = takeRole(args);
  const [command, ...rest] = positional;
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const { db } = database;
    switch (command) {
      case 'create': {
        const username = required(rest[0]);
        const admin = await createAdmin(db, username, await askNewPassword(), { role: role ?? 'owner' });
        console.log(`Created admin "${admin.username}" (${ROLE_LABELS[admin.role]}).`);
        return 0;
      }
      case 'set-role': {
        const username = required(rest[0]);
        if (!role) throw new AdminError(`set-role needs --role ${ROLES.join('|')}.\n${usage}`);
        const changed = await setAdminRole(db, username, role);
        console.log(changed ? `"${username}" is now ${ROLE_LABELS[role]}.` : `"${username}" was already ${ROLE_LABELS[role]}.`);
        return 0;
      }
      case 'set-password': {
        const username = required(rest[0]);
        if (!(await findAdminByUsername(db, username))) throw new AdminError(`No admin "${username}".`);
        await setAdminPassword(db, username, await askNewPassword());
        console.log(`Password set for "${username}"; their sessions were ended.`);
        return 0;
      }
      case 'list': {
        const admins = await listAdmins(db);
        if (admins.length === 0) console.log('No admins.');
        for (const admin of admins) {
          console.log(`${admin.username}\t${ROLE_LABELS[admin.role]}\tcreated ${new Date(Number(admin.created_at)).toISOString()}${admin.totp ? '\tTOTP on' : ''}`);
        }
        return 0;
      }
      case 'delete': {
        const username = required(rest[0]);
        if (!(await deleteAdmin(db, username))) throw new AdminError(`No admin "${username}".`);
        console.log(`Deleted admin "${username}".`);
        return 0;
      }
      case 'totp': {
        const [action, username] = [rest[0], required(rest[1])];
        if (action === 'enable') {
          const secret = newTotpSecret();
          await setTotpSecret(db, username, secret);
          console.log(`TOTP enabled for "${username}". Add this to an authenticator app:\n${provisioningUri(secret, username)}`);
          return 0;
        }
        if (action === 'disable') {
          await setTotpSecret(db, username, null);
          console.log(`TOTP disabled for "${username}".`);
          return 0;
        }
        console.error(usage);
        return 2;
      }
      default:
        console.error(usage);
        return 2;
    }
  } finally {
    await database.close();
  }
}

function required(username: string | undefined): string {
  if (!username) throw new AdminError(`A username is required.\n${usage}`);
  return username;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof AdminError || error instanceof PasswordPolicyError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
