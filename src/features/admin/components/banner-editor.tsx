import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { TOAST_SAVED_MS, toastError, toastSuccess } from '@/lib/toast';
import {
  BANNER_MAX_LENGTH,
  bannerInputSchema,
  saveBanner,
  type BannerInput,
} from '../api/admin-records';

/** The admin edits website/banner/val (the home banner's topic words, split on spaces). */
export function BannerEditor({ current }: { current: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BannerInput>({ resolver: zodResolver(bannerInputSchema), values: { val: current } });

  const onSubmit = async (input: BannerInput) => {
    try {
      await saveBanner(input);
      toastSuccess('Your work has been saved', TOAST_SAVED_MS);
    } catch {
      toastError('The banner could not be saved');
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="banner-editor-title">
      <h3 id="banner-editor-title" className="h6">
        Home banner topics
      </h3>
      <TextField
        label="Topic words, separated by spaces"
        maxLength={BANNER_MAX_LENGTH}
        registration={register('val')}
        error={errors.val}
      />
      <Button type="submit" variant="success" disabled={isSubmitting || !isDirty}>
        Save banner
      </Button>
    </Form>
  );
}
