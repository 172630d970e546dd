import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { TOAST_SAVED_MS, toastError, toastSuccess } from '@/lib/toast';
import { SITE_SOCIAL_NETWORKS, type SiteSocialLinks } from '@domain/site/site-social-networks';
import {
  saveSiteSocialLinks,
  siteSocialLinksSchema,
  type SiteSocialLinksInput,
} from '../api/admin-records';

/** The admin edits website/social-link; https links only (docs/product.md#routes-and-screens). */
export function SocialLinksEditor({ current }: { current: SiteSocialLinks | undefined }) {
  const values = Object.fromEntries(
    SITE_SOCIAL_NETWORKS.map(({ key }) => [key, current?.[key] ?? '']),
  ) as SiteSocialLinksInput;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SiteSocialLinksInput>({ resolver: zodResolver(siteSocialLinksSchema), values });

  const onSubmit = async (input: SiteSocialLinksInput) => {
    try {
      await saveSiteSocialLinks(input);
      toastSuccess('Social links updated successfully', TOAST_SAVED_MS);
    } catch {
      toastError('Failed to update social links');
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="social-editor-title">
      <h3 id="social-editor-title" className="h6">
        ChallangeX social links
      </h3>
      {SITE_SOCIAL_NETWORKS.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          type="url"
          placeholder="https://"
          registration={register(key)}
          error={errors[key]}
        />
      ))}
      <Button type="submit" variant="success" disabled={isSubmitting || !isDirty}>
        Save social links
      </Button>
    </Form>
  );
}
