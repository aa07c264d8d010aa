/**
 * Passwords of eight characters or more that top the public breach lists. A password found here
 * (compared case-insensitively) is refused. The list is short on purpose: it ships in the web
 * bundle too, so the sign-up form can say so before the request.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '11111111', '00000000',
  '88888888', '87654321', '987654321', '0987654321', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx',
  'qwertyuiop', 'qwerty123', 'qwerty1234', 'qwertyui', 'asdfghjkl', 'asdfasdf', 'zxcvbnm1',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'pa$$word', 'iloveyou', 'iloveyou1', 'princess', 'princess1', 'sunshine',
  'football', 'football1', 'baseball', 'superman', 'starwars', 'whatever', 'trustno1',
  'letmein1', 'welcome1', 'welcome123', 'admin123', 'administrator', 'changeme', 'computer',
  'internet', 'michelle', 'jennifer', 'jordan23', 'liverpool', 'chelsea1', 'arsenal1',
  'charlie1', 'mustang1', 'shadow12', 'master12', 'corvette', 'danielle', 'samantha',
  'qazwsxedc', 'zaq12wsx', 'aa123456', 'abc12345', 'abcd1234', 'a1b2c3d4', 'test1234',
  'testtest', 'hello123', 'monkey12', 'dragon12', 'q1w2e3r4', 'q1w2e3r4t5', 'azertyuiop',
  'azerty123', 'motdepasse', 'contraseña', 'contrasena', 'soleil123', 'bonjour1', 'tequiero',
  'mariposa', 'qwertz123', '1234qwer', 'secret123', 'lovely123', 'loveyou1', 'freedom1',
  'michael1', 'matthew1', 'jessica1', 'ashley12', 'nicole12', 'babygirl', 'butterfly',
  'chocolate', 'pokemon1', 'blink182', 'tinkerbell', 'spiderman', 'batman123', 'cookie12',
  'summer2024', 'summer2025', 'summer2026', 'winter2025', 'spring2026', 'autumn2026',
  'password2024', 'password2025', 'password2026', 'welcome2026', 'tribes123', 'tribes2026',
]);

/** True when the password is on the common list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
