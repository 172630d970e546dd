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
      {/* One row of the same height loading or loaded (home-banner.css): the topics arrive after the
          prerendered page's first paint and must not push the page below down. */}
      {topics.length > 0 ? (
        // Focusable: a region that may scroll sideways must be reachable by keyboard.
        <ul
          className="home-banner-topics list-unstyled gap-2 mb-0"
          aria-label="Challenge topics"
          tabIndex={0}
        >
          {topics.map((topic, index) => (
            <li key={`${topic}-${index}`} className="flex-shrink-0">
              <span className="badge rounded-pill text-bg-light fs-6 fw-normal">{topic}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="home-banner-topics mb-0 opacity-75">
          Meal plans built for your body and goal.
        </p>
      )}
    </section>
  );
}
