// jest maps every CSS import to this empty module.
export default {};
