import Carousel from 'react-bootstrap/Carousel';
import Modal from 'react-bootstrap/Modal';
import { slotLabel, type ProofPhoto } from '../lib/challenge-meals';
import { appImageSource } from '@/lib/safe-urls';

interface ProofGalleryModalProps {
  title: string;
  photos: ProofPhoto[];
  show: boolean;
  onHide: () => void;
}

/** The challenge's proof photos as a carousel (the photo gallery of docs/product.md#routes-and-screens). */
export function ProofGalleryModal({ title, photos, show, onHide }: ProofGalleryModalProps) {
  const shown = photos.flatMap((photo) => {
    const source = appImageSource(photo.url);
    return source ? [{ ...photo, source }] : [];
  });
  return (
    <Modal show={show} onHide={onHide} centered size="lg" aria-labelledby="proof-gallery-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="proof-gallery-title">Photo gallery: {title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {shown.length === 0 ? (
          <p className="mb-0">
            No proof photos yet. Upload a photo of a meal during its window to see it here.
          </p>
        ) : (
          <Carousel
            interval={null}
            variant="dark"
            indicators={shown.length > 1}
            controls={shown.length > 1}
          >
            {shown.map((photo) => (
              <Carousel.Item key={`${photo.dayNumber}-${photo.slot}`}>
                <img
                  src={photo.source}
                  alt={`Proof of Day ${photo.dayNumber} ${photo.slot}: ${photo.mealName}`}
                  className="d-block proof-gallery-image"
                />
                <p className="text-center mt-2 mb-0 pb-5">
                  Day {photo.dayNumber} · {slotLabel(photo.slot)} · {photo.mealName}
                </p>
              </Carousel.Item>
            ))}
          </Carousel>
        )}
      </Modal.Body>
    </Modal>
  );
}
