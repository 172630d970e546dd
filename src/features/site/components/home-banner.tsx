import './home-banner.css';
import { useBannerTopics } from '../api/use-banner';

/** The home banner (docs/product.md#what-challangex-is): the question and the topic words stored in website/banner/val. */
export function HomeBanner() {
  const topics = useBannerTopics();
  return (
    <section
      className="home-banner rounded-3 p-4 mb-4 text-white"
      aria-labelledby="home-banner-title"
    >
      <h1 id="home-banner-title" className="h3 mb-3">
        Which Challenge Would You Like to Take Today ?
      </h1>
      {topics.length > 0 ? (
        <ul className="list-inline mb-0" aria-label="Challenge topics">
          {topics.map((topic, index) => (
            <li key={`${topic}-${index}`} className="list-inline-item mb-2">
              <span className="badge rounded-pill text-bg-light fs-6 fw-normal">{topic}</span>
            </li>
          ))}
        </ul>
      ) : (
        // Same height while loading or empty, so the feed below does not jump.
        <p className="mb-0 opacity-75">Meal plans built for your body and goal.</p>
      )}
    </section>
  );
}
