/** How often the cluster-wide `sign-tree-head` schedule runs (ms): a published slip is under a signed, time-stamped tree head within about this long. */
export const SIGN_TREE_HEAD_EVERY_MS = 60_000;
