export * from './endpoint.js';
export * from './system.js';
export * from './contact.js';
export * from './learning.js';
export * from './tribes.js';
export * from './posts.js';
export * from './people.js';
export * from './notifications.js';
