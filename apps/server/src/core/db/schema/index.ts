export * from './users.js';
export * from './contact.js';
