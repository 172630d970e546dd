import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, type Resolver } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
import type { SubscribeInput } from '../api/subscribe';

// The box sits in every page's sidebar: its schema (zod) and its write load on the first submit, not with
// the page (docs/performance.md, "Decisions that hold the budgets").
const loadSubscribe = () => import('../api/subscribe');
const validateOnSubmit: Resolver<SubscribeInput> = async (values, context, options) => {
  const [{ zodResolver }, { subscribeInputSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    loadSubscribe(),
  ]);
  return zodResolver(subscribeInputSchema)(values, context, options);
};

/** 'Never Miss A News' (docs/product.md#routes-and-screens): one subscribe per visit, then the button stays disabled. */
export function SubscribeBox({ className = '' }: { className?: string }) {
  const headingId = useId();
  const [subscribed, setSubscribed] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SubscribeInput>({
    resolver: validateOnSubmit,
    defaultValues: { email: '' },
  });

  const onSubmit = async (input: SubscribeInput) => {
    try {
      await (await loadSubscribe()).subscribe(input);
      setSubscribed(true);
      toastSuccess('Subscribe successfully');
    } catch {
      toastError('Subscription failed. Please try again.');
    }
  };

  const errorId = `${headingId}-error`;
  return (
    <section className={`card shadow-sm ${className}`} aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h6">
          Never Miss A News
        </h2>
        <p className="small text-body-secondary">
          New challenges, features and tips, straight to your inbox.
        </p>
        <Form noValidate onSubmit={handleSubmit(onSubmit)}>
          <Form.Group className="mb-2" controlId={`${headingId}-email`}>
            <Form.Label visuallyHidden>Email address</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              placeholder="Enter your email"
              disabled={subscribed}
              isInvalid={Boolean(errors.email)}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? errorId : undefined}
              {...register('email')}
            />
            {errors.email?.message && (
              <Form.Control.Feedback type="invalid" id={errorId}>
                {errors.email.message}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Button
            type="submit"
            variant="success"
            className="w-100"
            disabled={subscribed || isSubmitting}
          >
            {subscribed ? 'Subscribed' : 'Subscribe now'}
          </Button>
          {subscribed && (
            <p className="small text-success mt-2 mb-0" role="status">
              Thanks! You are subscribed.
            </p>
          )}
        </Form>
      </div>
    </section>
  );
}
