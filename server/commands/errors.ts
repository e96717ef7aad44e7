// The two ways a CLI command fails: wrong arguments (usage printed, exit 2) and a failure
// the user can act on (one sentence, exit 1).

export class UsageError extends Error {}
export class CommandError extends Error {}
