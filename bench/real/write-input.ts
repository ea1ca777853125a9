/** The bodies of the writes the real-stack benches send: a visitor's application and an admin's FAQ, each new. */
let seq = 0;

export const applicationInput = () => {
  const i = ++seq;
  return {
    name: `Applicant ${i}`,
    email: `applicant${i}-${process.pid}@fans.example`,
    type: 'club',
    organization: `Fans Club ${i}`,
    position: 'Chair',
    webAddress: 'https://fans.example',
    targetMembers: '500',
    membershipType: 'paid',
    message: 'We would like to bring our fans',
  };
};

export const faqInput = () => {
  const i = ++seq;
  return { question: `Question ${i}?`, answer: 'An answer a fan can use.', sortOrder: i };
};
