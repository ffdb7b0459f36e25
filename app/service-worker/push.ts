// h2's push and notificationclick handlers go here (issue 31 part B, decision 046); index.ts imports
// this module so that they are part of /sw.js.
export {};
