import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-card mx-auto my-4 my-md-5">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </div>
  );
}
