/** `CHROMIUM_PATH` for `chromium`: the variable that overrides where a binary is looked for. */
export function envName(binary: string): string;
/** The absolute path of an installed program (the `<BINARY>_PATH` variable first), or undefined. */
export function findProgram(binary: string): string | undefined;
/** Installs what is missing (root on Debian) or prints the command to run; true when all are present. */
export function ensureSystemDeps(specs: string[]): boolean;
