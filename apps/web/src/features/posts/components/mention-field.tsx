import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef, useState, type KeyboardEvent, type Ref, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../../components/inputs/text-field';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { insertMention, typedMention, type TypedMention } from '../mention-typing';
import { useMentionSuggestions } from '../use-mention-suggestions';

interface Props extends TextFieldProps {
  /** The tribe whose members may be named; null for a public post without a tribe (anyone a search finds). */
  tribeId: string | null;
  /** Puts the text with the picked name into the form. */
  onText(text: string): void;
}

/** Assigns one element to several refs (the form's and ours). */
function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/**
 * A post's or comment's text field that suggests people as an @mention is typed: a listbox under the
 * field, moved through with the arrow keys, picked with Enter, Tab or a click, closed with Escape;
 * the field points at the active option (aria-activedescendant) and the count is announced.
 */
export function MentionTextField({ tribeId, onText, inputRef, htmlInput, ...props }: Props) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [typed, setTyped] = useState<{ mention: TypedMention; caret: number } | null>(null);
  const [active, setActive] = useState(0);
  const found = useMentionSuggestions(tribeId, typed?.mention.query ?? null);
  const options = typed ? (found.data ?? []) : [];
  const open = options.length > 0;
  const listId = `${props.id}-mentions`;
  const optionId = (i: number) => `${listId}-${i}`;
  const current = Math.min(active, Math.max(0, options.length - 1));

  const read = (e: SyntheticEvent) => {
    const el = e.currentTarget as HTMLTextAreaElement;
    const caret = el.selectionStart ?? 0;
    const mention = el.selectionEnd === caret ? typedMention(el.value, caret) : null;
    setTyped((prev) => {
      if (!mention) return null;
      if (prev?.mention.at !== mention.at || prev.mention.query !== mention.query) setActive(0);
      return { mention, caret };
    });
  };

  const pick = (name: string) => {
    const el = field.current;
    if (!el || !typed) return;
    const next = insertMention(el.value, typed.mention, typed.caret, name);
    onText(next.text);
    setTyped(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(options[current]!.name);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setTyped(null);
    }
  };

  return (
    // As wide as its place: in a row (the comment form) the wrapper would otherwise shrink to its content,
    // a textarea that sizes to its text (1 px when empty).
    <Box sx={{ position: 'relative', width: '100%', minWidth: 0 }}>
      <TextField
        {...props}
        inputRef={(el: HTMLInputElement | null) => {
          field.current = el as unknown as HTMLTextAreaElement | null;
          setRef(inputRef, el);
        }}
        htmlInput={{
          ...htmlInput,
          'aria-autocomplete': 'list',
          'aria-controls': open ? listId : undefined,
          'aria-activedescendant': open ? optionId(current) : undefined,
          onKeyDown,
          // The keys the list answers move nothing in the text; the others (letters, arrows sideways) may.
          onKeyUp: (e) => {
            if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(e.key)) read(e);
          },
          onClick: read,
          onInput: read,
          onBlur: () => setTimeout(() => setTyped(null), 150),
        }}
      />
      <Box aria-live="polite" sx={visuallyHidden}>
        {typed && found.isSuccess ? t('posts.mentions.count', { count: options.length }) : ''}
      </Box>
      {open && (
        <Paper
          elevation={4}
          component="ul"
          id={listId}
          role="listbox"
          aria-label={t('posts.mentions.label')}
          data-testid="mention-suggestions"
          sx={{
            position: 'absolute',
            insetInlineStart: 0,
            top: '100%',
            zIndex: (theme) => theme.zIndex.modal + 1,
            mt: 0.5,
            p: 0.5,
            m: 0,
            listStyle: 'none',
            minWidth: 240,
            maxWidth: '100%',
          }}
        >
          {options.map((person, i) => (
            <Box
              component="li"
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              data-testid="mention-option"
              // mousedown, not click: the field keeps its focus and caret.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(person.name);
              }}
              onMouseEnter={() => setActive(i)}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                py: 0.75,
                minHeight: 44,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: i === current ? 'action.selected' : undefined,
              }}
            >
              <Avatar src={person.avatar_url ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14 }}>
                {person.name.slice(0, 1).toUpperCase()}
              </Avatar>
              <bdi>{person.name}</bdi>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}
