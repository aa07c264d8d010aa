export * from './endpoint.js';
export * from './system.js';
export * from './contact.js';
export * from './learning.js';
export * from './tribes.js';
