import { POST_LIMITS, type Post } from '@tribes/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/locale-hooks';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { fieldErrorsTo } from '../../lib/field-errors';
import { lazyParser, schemaResolver } from '../../lib/form-resolver';
import { downscaleImage } from '../../lib/downscale-image';
import { offerPush } from '../../lib/push/push-offer';
import { useCreatePost, type NewPost } from './api';

const postFieldsParser = lazyParser((s) => s.CreatePostFieldsSchema);

export interface ComposerFields {
  body: string;
  /** '' = no tribe (a public post). */
  tribe_id: string;
  tribe_only: boolean;
  alt: string[];
}

export interface ComposerImage {
  file: File;
  url: string;
  alt: string;
}

const ACCEPTED = /^image\/(jpeg|png|webp|gif|avif|heic|heif)$/;

/** The form fields as POST /v1/posts takes them. */
export function toPostFields(v: ComposerFields) {
  return {
    body: v.body,
    ...(v.tribe_id ? { tribe_id: v.tribe_id } : {}),
    visibility: v.tribe_id && v.tribe_only ? ('tribe' as const) : ('public' as const),
    alt: v.alt,
  };
}

/**
 * The post composer: text, a tribe (or public), tribe-only, and up to 4 photos with previews and alt
 * text. Checked with the shared schema and POST_LIMITS before sending; server field errors land on the fields.
 */
export function useComposer({ fixedTribeId, onPosted }: { fixedTribeId?: string; onPosted?: (post: Post) => void } = {}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const create = useCreatePost();
  const [images, setImages] = useState<ComposerImage[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const imagesRef = useRef(images);
  imagesRef.current = images;

  const base = schemaResolver<ComposerFields>(
    {
      safeParse: async (v) => {
        const r = await postFieldsParser.safeParse(toPostFields(v as ComposerFields));
        return r.success ? { success: true, data: v as ComposerFields } : r;
      },
    },
    locale,
  );
  const resolver: Resolver<ComposerFields> = async (values, context, options) => {
    const result = await base(values, context, options);
    if (!values.body.trim() && imagesRef.current.length === 0) {
      return { values: {}, errors: { ...result.errors, body: { type: 'empty', message: t('posts.composer.empty') } } };
    }
    return result;
  };
  const form = useForm<ComposerFields>({
    resolver,
    defaultValues: { body: '', tribe_id: fixedTribeId ?? '', tribe_only: false, alt: [] },
  });

  // Previews are object URLs: freed when a photo goes or the composer closes.
  useEffect(() => () => imagesRef.current.forEach((img) => URL.revokeObjectURL(img.url)), []);

  const sync = useCallback(
    (next: ComposerImage[]) => {
      setImages(next);
      imagesRef.current = next;
      form.setValue(
        'alt',
        next.map((i) => i.alt),
      );
    },
    [form],
  );

  const [preparing, setPreparing] = useState(false);

  /**
   * Adds picked files: only images, never more than 4 in all (the rest refused); each downscaled in
   * the browser first (at most 2048 px, under 1 MB), then at most 10 MB (a GIF or HEIC sent as it is).
   */
  const addFiles = async (files: Iterable<File>) => {
    const list = [...files];
    const room = POST_LIMITS.maxImages - imagesRef.current.length;
    const problems: string[] = [];
    const picked: File[] = [];
    for (const file of list) {
      if (!ACCEPTED.test(file.type)) problems.push(t('posts.composer.notImage', { name: file.name }));
      else if (picked.length >= room) problems.push(t('posts.composer.tooMany', { max: POST_LIMITS.maxImages }));
      else picked.push(file);
    }
    setPreparing(picked.length > 0);
    const accepted: ComposerImage[] = [];
    try {
      for (const original of picked) {
        const file = await downscaleImage(original);
        if (file.size > POST_LIMITS.imageMaxBytes)
          problems.push(t('posts.composer.tooBig', { name: original.name, max: POST_LIMITS.imageMaxBytes / 1024 / 1024 }));
        else accepted.push({ file, url: URL.createObjectURL(file), alt: '' });
      }
    } finally {
      setPreparing(false);
    }
    setImageError(problems.length ? [...new Set(problems)].join(' ') : null);
    if (accepted.length) {
      sync([...imagesRef.current, ...accepted].slice(0, POST_LIMITS.maxImages));
      form.clearErrors('body');
    }
  };

  const removeImage = (index: number) => {
    const current = imagesRef.current;
    const gone = current[index];
    if (gone) URL.revokeObjectURL(gone.url);
    sync(current.filter((_, i) => i !== index));
    setImageError(null);
  };

  const setAlt = (index: number, alt: string) => sync(imagesRef.current.map((img, i) => (i === index ? { ...img, alt } : img)));

  const placeErrors: FieldErrorsHandler = (errors) => {
    const rest: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      if (field.startsWith('images')) setImageError(messages.join(' '));
      else rest[field === 'visibility' ? 'tribe_only' : field] = messages;
    }
    const altFields = imagesRef.current.map((_, i) => `alt.${i}` as const);
    return fieldErrorsTo(form.setError, ['body', 'tribe_id', 'tribe_only', ...altFields])(rest);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const fields = toPostFields(values);
    const post: NewPost = { ...fields, images: imagesRef.current.map((i) => i.file) };
    const created = await create.mutateAsync({ post, onFieldErrors: placeErrors }).catch(() => undefined);
    // undefined: refused (the errors are shown); null: kept in the outbox, sent when back online.
    if (created === undefined) return;
    // Someone may answer: the moment to offer notifications on this device.
    if (created) offerPush();
    imagesRef.current.forEach((img) => URL.revokeObjectURL(img.url));
    sync([]);
    setImageError(null);
    form.reset({ body: '', tribe_id: fixedTribeId ?? values.tribe_id, tribe_only: values.tribe_only, alt: [] });
    if (created) onPosted?.(created);
  });

  const body = form.watch('body');
  const tribeId = form.watch('tribe_id');
  return {
    form,
    onSubmit,
    pending: create.isPending || preparing,
    /** True while picked photos are being downscaled. */
    preparing,
    images,
    imageError,
    addFiles,
    removeImage,
    setAlt,
    canAddImages: images.length < POST_LIMITS.maxImages,
    bodyLength: body.length,
    hasTribe: Boolean(tribeId),
    /** The tribe whose members the text may @mention; null for a public post. */
    tribeId: tribeId || null,
    /** Puts text into the body (a picked @mention). */
    setBody: (text: string) => form.setValue('body', text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
  };
}
